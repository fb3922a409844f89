/**
 * The brand's theme as the server writes it into every page (app/theme.ts `themeStyle`, the server entry's
 * `pageStyle`): Fluent's tokens as custom properties on `:root`, the brand's colour (from its definitions) on
 * the brand tokens, and a colour that would end the rule dropped rather than written.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webLightTheme } from '@fluentui/react-components';
import { resolveLayers } from '../../../runtime/core';
import { loadDefinitionsFromDir } from '../../../runtime/node';
import { themeStyle } from '../../../app/theme';

const { defs } = loadDefinitionsFromDir(resolve(import.meta.dirname, '../../..'));
const settingsOf = (selection: Record<string, string>) => resolveLayers(defs, selection).settings;
const property = (css: string, name: string) => new RegExp(`--${name}: ([^;]*);`).exec(css)?.[1];

describe('themeStyle', () => {
  it('writes every token of the theme on :root (web light without a brand colour)', () => {
    const css = themeStyle({});
    expect(css.startsWith(':root {')).toBe(true);
    for (const [name, value] of Object.entries(webLightTheme)) expect(property(css, name), name).toBe(String(value));
  });

  it('puts the brand colour of the definitions on the brand tokens', () => {
    const settings = settingsOf({ region: 'nz', brand: 'kiwi-nz' });
    const colour = (settings.theme as { brandColor: string }).brandColor;
    const css = themeStyle(settings);
    expect(colour).toMatch(/^#/);
    for (const name of ['colorBrandBackground', 'colorBrandForeground1', 'colorBrandForegroundLink']) expect(property(css, name)).toBe(colour);
    expect(property(css, 'colorNeutralForeground1')).toBe(webLightTheme.colorNeutralForeground1);
  });

  it('drops a colour that would end the rule or the style element', () => {
    for (const brandColor of ['red; } body { display: none', '</style><script>alert(1)</script>']) {
      const css = themeStyle({ theme: { brandColor } });
      expect(css).not.toContain('display: none');
      expect(css).not.toContain('<');
      expect(property(css, 'colorBrandBackground')).toBeUndefined();
      expect(property(css, 'colorNeutralForeground1')).toBe(webLightTheme.colorNeutralForeground1);
    }
  });
});
