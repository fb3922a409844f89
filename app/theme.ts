import { webLightTheme, type Theme } from '@fluentui/react-components';

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
