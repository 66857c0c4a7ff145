import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Element, ElementContent } from 'hast';
import { bundledThemes } from 'shiki/themes';
import { describe, expect, it } from 'vitest';
import { COLOURS } from '../../client/playground/live-snippets.js';
import { contrastRatio, readableOn } from '../../shared/colour.js';
import { createShikiHighlighter } from './shiki.js';
import { adjustCodeThemes, CODE_BACKGROUNDS, CODE_THEMES_FILE, codeThemesKey, loadCodeThemes } from './themes.js';

const foregrounds = (t: { tokenColors?: { settings: { foreground?: string; background?: string } }[] }) =>
  (t.tokenColors ?? []).filter((r) => r.settings.foreground && !r.settings.background).map((r) => r.settings.foreground!);

describe('code themes', () => {
  it('every token colour reads at 4.5:1 on the worst code background of its scheme', async () => {
    const themes = await loadCodeThemes();
    for (const scheme of ['light', 'dark'] as const) {
      const colours = foregrounds(themes[scheme]);
      expect(colours.length).toBeGreaterThan(10);
      for (const c of colours) expect(contrastRatio(c, CODE_BACKGROUNDS[scheme]), `${scheme} ${c}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the GitHub colours that already pass and shifts only the others', async () => {
    const themes = await loadCodeThemes();
    for (const [scheme, name] of [['light', 'github-light'], ['dark', 'github-dark']] as const) {
      const original = foregrounds((await bundledThemes[name]()).default);
      const adjusted = foregrounds(themes[scheme]);
      expect(adjusted.length).toBe(original.length);
      original.forEach((c, i) => {
        if (contrastRatio(c, CODE_BACKGROUNDS[scheme]) >= 4.5) expect(adjusted[i]).toBe(c);
        else expect(adjusted[i]).not.toBe(c);
      });
    }
    // github-light's orange (variables, parameters) is the worst offender; it darkens, keeping its hue.
    const orange = readableOn('#e36209', CODE_BACKGROUNDS.light);
    expect(contrastRatio(orange, CODE_BACKGROUNDS.light)).toBeGreaterThanOrEqual(4.5);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(orange.slice(i, i + 2), 16));
    expect(r! > g! && g! > b!).toBe(true);
    // github-dark's comment grey lightens.
    expect(contrastRatio(readableOn('#6a737d', CODE_BACKGROUNDS.dark), '#6a737d')).toBeGreaterThan(1);
    expect(readableOn('#6a737d', CODE_BACKGROUNDS.dark) > '#6a737d').toBe(true);
  });

  it('highlighted code carries only readable colours in both schemes', async () => {
    const hl = createShikiHighlighter({ keepTrees: true });
    const code = [
      '// a comment',
      'import { Queue } from "@emberline/sdk";',
      'export async function run(job: Job, ctx: Context): Promise<number> {',
      '  const queue = new Queue({ name: `emails-${ctx.env}`, retries: 3, backoff: /\\d+s/ });',
      '  return queue.add(job.payload) ?? null;',
      '}',
    ].join('\n');
    const { pre } = await hl.highlight({ code, lang: 'ts' });
    const styles: string[] = [];
    const walk = (n: Element | ElementContent) => {
      if (n.type !== 'element') return;
      if (typeof n.properties.style === 'string') styles.push(n.properties.style);
      n.children.forEach(walk);
    };
    walk(pre);
    const colours = (scheme: 'light' | 'dark') => [...new Set(styles.flatMap((s) => [...s.matchAll(new RegExp(`--shiki-${scheme}:(#[0-9a-f]{6})`, 'gi'))].map((m) => m[1]!)))];
    for (const scheme of ['light', 'dark'] as const) {
      expect(colours(scheme).length).toBeGreaterThan(4);
      for (const c of colours(scheme)) expect(contrastRatio(c, CODE_BACKGROUNDS[scheme]), `${scheme} ${c}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('match the colours the playground uses when it re-colours request examples in the browser', async () => {
    const { pre } = await createShikiHighlighter({ keepTrees: true }).highlight({ code: 'const a = "s"; // note\nJSON.stringify(true);', lang: 'js' });
    const spans = new Map<string, string>();
    const walk = (n: Element | ElementContent) => {
      if (n.type !== 'element') return;
      const text = n.children.length === 1 && n.children[0]!.type === 'text' ? n.children[0]!.value.trim() : '';
      if (text && typeof n.properties.style === 'string') spans.set(text, n.properties.style);
      n.children.forEach(walk);
    };
    walk(pre);
    const style = ([l, d]: readonly [string, string]) => `--shiki-light:${l};--shiki-dark:${d}`;
    expect(spans.get('const')).toBe(style(COLOURS.keyword));
    expect(spans.get('"s"')).toBe(style(COLOURS.string));
    expect(spans.get('// note')).toBe(style(COLOURS.comment));
    expect(spans.get('stringify')).toBe(style(COLOURS.function));
    expect(spans.get('true')).toBe(style(COLOURS.constant));
  });

  // npm test runs after the package build, which writes the file; a change to the adjustment that
  // was not built yet fails here rather than serving last build's colours.
  it('are read from the file the package build wrote, which holds what adjusting them makes', async () => {
    const stored = JSON.parse(readFileSync(CODE_THEMES_FILE, 'utf8')) as { key: string };
    expect(stored.key).toBe(codeThemesKey());
    const made = await adjustCodeThemes();
    expect(stored).toEqual({ key: codeThemesKey(), ...made });
    expect(await loadCodeThemes()).toEqual(made);
  });

  it('are made again when the file was written for other themes, or cannot be read', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kiln-themes-'));
    try {
      const made = await adjustCodeThemes();
      const file = path.join(dir, 'themes.json');
      const other = { ...made.light, name: 'stale' };
      writeFileSync(file, JSON.stringify({ key: codeThemesKey().replace('"themes":"', '"themes":"0.0.0-'), light: other, dark: other }));
      expect(await loadCodeThemes(file)).toEqual(made);
      writeFileSync(file, '{"key":');
      expect(await loadCodeThemes(file)).toEqual(made);
      expect(await loadCodeThemes(path.join(dir, 'missing.json'))).toEqual(made);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
