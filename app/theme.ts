import { createCSSRuleFromTheme, webLightTheme, type Theme } from '@fluentui/react-components';

/** The Fluent theme of a brand: web light with the brand colour (from `settings.theme.brandColor`) on brand tokens. */
export function brandTheme(settings: Record<string, unknown>): Theme {
  const color = (settings.theme as { brandColor?: unknown } | undefined)?.brandColor;
  if (typeof color !== 'string') return webLightTheme;
  return {
    ...webLightTheme,
    colorBrandBackground: color,
    colorBrandBackgroundHover: color,
    colorBrandBackgroundPressed: color,
    colorBrandBackgroundSelected: color,
    colorCompoundBrandBackground: color,
    colorCompoundBrandStroke: color,
    colorBrandForeground1: color,
    colorBrandForegroundLink: color,
    colorNeutralForeground2BrandHover: color,
  };
}

/**
 * The brand's theme as a style sheet: its tokens as custom properties on `:root`. The server writes it into
 * every page's head (`pageStyle` of the server entry), so the browser's code carries no theme and
 * everything, dialogs in portals too, reads the tokens from the document. (Fluent drops a value that could
 * end the rule, so an analyst's colour cannot inject CSS.)
 */
export const themeStyle = (settings: Record<string, unknown>): string => createCSSRuleFromTheme(':root', brandTheme(settings));
