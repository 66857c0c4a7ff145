/**
 * The site's default social card: one 1200×630 PNG per build, drawn from the site name, its primary
 * colour and its logo, for pages whose front matter and settings give no `og:image`; light or dark
 * (`thumbnails.appearance`), on the settings' background image when it is a project file
 * (`thumbnails.background`: a remote one is not downloaded, and the schema says so). The card is an
 * SVG rasterised by resvg with KaTeX's sans-serif face (a dependency already, so no download and the
 * same letters on every machine); the system's fonts only fill in characters it lacks.
 */
import { LIMITS } from '../budgets.js';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Settings } from '../settings/types.js';
import { isExternalUrl } from '../../shared/urls.js';
import { escapeXml } from './xml.js';
import { siteDescription } from '../render/layout/meta.js';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
const FONT_FAMILY = 'KaTeX_SansSerif';
/** For text beyond ASCII, which KaTeX's face lacks: common system faces with wide coverage. */
const WIDE_FAMILIES = "'DejaVu Sans', 'Noto Sans', 'Liberation Sans', Arial, sans-serif";
const family = (text: string) => (/^[\x20-\x7e]*$/.test(text) ? FONT_FAMILY : WIDE_FAMILIES);
const LOGO_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.svg': 'image/svg+xml', '.webp': 'image/webp', '.gif': 'image/gif' };

/** Rough advance width of `text` in em for the card's sans-serif face (no font metrics at hand). */
function emWidth(text: string, bold: boolean, wide: boolean): number {
  let w = 0;
  for (const ch of text) {
    if (/[ .,:;'!|ijlft()[\]-]/.test(ch)) w += 0.3;
    else if (/[MWmw@]/.test(ch)) w += 0.9;
    else if (/[A-Z0-9]/.test(ch)) w += 0.66;
    else if (/[a-z]/.test(ch)) w += 0.54;
    else if (ch.codePointAt(0)! > 0x2e80) w += 1; // CJK and wider scripts
    else w += 0.6;
  }
  // The system faces used beyond ASCII (DejaVu Sans first) are about a fifth wider than KaTeX's.
  return w * (bold ? 1.06 : 1) * (wide ? 1.22 : 1);
}

/** Greedy word wrap to `maxLines` lines of `width` px; the last line gets an ellipsis when text is left over. */
export function wrapText(text: string, size: number, width: number, maxLines: number, bold = false): string[] {
  // Far more than the lines can hold: the cuts below measure prefixes, quadratic in a long word.
  if (text.length > LIMITS.displayedChars) text = text.slice(0, LIMITS.displayedChars);
  const wide = !/^[\x20-\x7e]*$/.test(text);
  const fits = (s: string) => emWidth(s, bold, wide) * size <= width;
  // Words longer than a line are cut where they stop fitting.
  const pieces: string[] = [];
  for (let word of text.trim().split(/\s+/).filter(Boolean)) {
    while (word.length > 1 && !fits(word)) {
      let cut = word.length - 1;
      while (cut > 1 && !fits(word.slice(0, cut))) cut--;
      pieces.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    pieces.push(word);
  }
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (; used < pieces.length; used++) {
    const next = line ? `${line} ${pieces[used]}` : pieces[used]!;
    if (fits(next)) {
      line = next;
      continue;
    }
    lines.push(line);
    if (lines.length === maxLines) break;
    line = pieces[used]!;
  }
  if (used === pieces.length && line) lines.push(line);
  if (used < pieces.length) {
    let last = lines[lines.length - 1]!;
    while (last && !fits(last + '...')) last = last.slice(0, -1).trimEnd();
    lines[lines.length - 1] = last + '...';
  }
  return lines;
}

const isDark = (settings: Settings) => settings.thumbnails?.appearance === 'dark';

/** The logo drawn on the card's background (the dark-mode one on a dark card), when it is a file of the project in a format resvg draws. */
async function readLogo(settings: Settings, root: string, projectFiles: readonly string[]): Promise<Image | undefined> {
  return readImage(isDark(settings) ? settings.logo?.dark : settings.logo?.light, root, projectFiles);
}

type Image = { type: string; bytes: Buffer };

async function readImage(file: string | undefined, root: string, projectFiles: readonly string[]): Promise<Image | undefined> {
  if (!file || isExternalUrl(file)) return undefined; // remote images are not fetched
  const rel = file.replace(/^(\.\/|\/)+/, '').split(/[?#]/)[0]!;
  const type = LOGO_TYPES[path.extname(rel).toLowerCase()];
  // Only files the project scan found: a settings path cannot reach outside the docs folder.
  if (!type || !projectFiles.includes(rel)) return undefined;
  const bytes = await fs.readFile(path.join(root, rel)).catch(() => undefined);
  return bytes && { type, bytes };
}

/**
 * An SVG logo as a nested `<svg>` placed in the box: resvg draws the text of an SVG given as an
 * `<image>` without fonts, so a logo with its name in text would lose it. Undefined when the file
 * has no usable size (no viewBox, no numeric width and height).
 */
export function inlineSvg(source: string, box: { x: number; y: number; width: number; height: number }): string | undefined {
  const body = source.replace(/<\?xml[\s\S]*?\?>|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>|<!--[\s\S]*?-->/gi, '');
  const open = /<svg\b((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/i.exec(body);
  if (!open) return undefined;
  let attrs = open[1]!;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(attrs)?.slice(1).find((v) => v !== undefined);
  const number = (v?: string) => (v && /^\s*[\d.]+(px)?\s*$/.test(v) ? parseFloat(v) : undefined);
  const w = number(attr('width'));
  const h = number(attr('height'));
  const viewBox = attr('viewBox') ?? (w && h ? `0 0 ${w} ${h}` : undefined);
  if (!viewBox) return undefined;
  for (const name of ['x', 'y', 'width', 'height', 'viewBox', 'preserveAspectRatio']) attrs = attrs.replace(new RegExp(`\\s${name}\\s*=\\s*("[^"]*"|'[^']*')`, 'gi'), '');
  const placed = `<svg${attrs} x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" viewBox="${escapeXml(viewBox)}" preserveAspectRatio="xMinYMid meet"${open[2] ? '/' : ''}>`;
  if (open[2]) return placed;
  const close = body.lastIndexOf('</svg>');
  return close > open.index ? placed + body.slice(open.index + open[0].length, close + 6) : undefined;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Text colours of a light and of a dark card: title, description, footer. */
const INK = { light: ['#111827', '#4B5563', '#374151'], dark: ['#F9FAFB', '#D1D5DB', '#E5E7EB'] } as const;

/** The card as SVG (exported for tests; `renderSocialCard` rasterises it). */
export function socialCardSvg(settings: Settings, logo?: Image, backdrop?: Image): string {
  const dark = isDark(settings);
  const accent = dark ? (settings.colors.light ?? settings.colors.primary) : settings.colors.primary;
  const primary = HEX.test(accent) ? accent : '#0D9373';
  const own = dark ? settings.colors.background?.dark : settings.colors.background?.light;
  const background = own && HEX.test(own) ? own : dark ? '#0B0C0F' : '#FFFFFF';
  const [ink, muted, footerInk] = INK[dark ? 'dark' : 'light'];
  const x = 80;
  const textWidth = CARD_WIDTH - 2 * x;
  const parts: string[] = [
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${background}"/>`,
    ...(backdrop ? [`<image href="data:${backdrop.type};base64,${backdrop.bytes.toString('base64')}" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" preserveAspectRatio="xMidYMid slice"/>`] : []),
    `<circle cx="${CARD_WIDTH - 40}" cy="${CARD_HEIGHT + 60}" r="360" fill="${primary}" fill-opacity="0.10"/>`,
    `<circle cx="${CARD_WIDTH - 40}" cy="${CARD_HEIGHT + 60}" r="230" fill="${primary}" fill-opacity="0.12"/>`,
    `<rect width="${CARD_WIDTH}" height="14" fill="${primary}"/>`,
  ];
  let y = 92;
  if (logo) {
    const box = { x, y, width: 520, height: 84 };
    const drawn =
      (logo.type === 'image/svg+xml' ? inlineSvg(logo.bytes.toString('utf8'), box) : undefined) ??
      `<image href="data:${logo.type};base64,${logo.bytes.toString('base64')}" x="${x}" y="${y}" width="${box.width}" height="${box.height}" preserveAspectRatio="xMinYMid meet"/>`;
    parts.push(drawn);
    y += box.height;
  }
  // The name: as large as fits on one line, else on two, else cut with an ellipsis.
  const name = settings.name.trim() || 'Documentation';
  const whole = (ls: string[], n: number) => ls.length <= n && !ls.join('').endsWith('...');
  const oneLine = [96, 84, 72].find((s) => whole(wrapText(name, s, textWidth, 1, true), 1));
  const size = oneLine ?? [84, 72, 64].find((s) => whole(wrapText(name, s, textWidth, 2, true), 2)) ?? 56;
  const lines = wrapText(name, size, textWidth, 2, true);
  y = Math.max(y + 70 + size, 300);
  const tspans = (ls: string[], lineHeight: number) => ls.map((l, i) => `<tspan x="${x}" dy="${i ? lineHeight : 0}">${escapeXml(l)}</tspan>`).join('');
  parts.push(`<text x="${x}" y="${y}" font-family="${family(name)}" font-weight="700" font-size="${size}" fill="${ink}">${tspans(lines, Math.round(size * 1.12))}</text>`);
  y += Math.round(size * 1.12) * (lines.length - 1);
  const description = siteDescription(settings);
  if (description) {
    const dLines = wrapText(description, 34, textWidth - 120, lines.length > 1 ? 1 : 2); // clear of the footer
    parts.push(`<text x="${x}" y="${y + 64}" font-family="${family(description)}" font-size="34" fill="${muted}">${tspans(dLines, 46)}</text>`);
  }
  const host = settings.siteUrl?.replace(/^https?:\/\//, '');
  const footer = host ?? 'Documentation';
  parts.push(`<rect x="${x}" y="${CARD_HEIGHT - 96}" width="28" height="28" rx="6" fill="${primary}"/>`);
  parts.push(`<text x="${x + 44}" y="${CARD_HEIGHT - 72}" font-family="${family(footer)}" font-size="28" fill="${footerInk}">${escapeXml(footer)}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">${parts.join('')}</svg>`;
}

function fontFiles(): string[] {
  const fonts = path.join(path.dirname(createRequire(import.meta.url).resolve('katex')), 'fonts');
  return [path.join(fonts, 'KaTeX_SansSerif-Regular.ttf'), path.join(fonts, 'KaTeX_SansSerif-Bold.ttf')];
}

/** Draws the card as a PNG. resvg is loaded here, so only a build that writes a card pays for it. */
export async function renderSocialCard(settings: Settings, root: string, projectFiles: readonly string[]): Promise<Uint8Array> {
  const { Resvg } = await import('@resvg/resvg-js');
  const svg = socialCardSvg(settings, await readLogo(settings, root, projectFiles), await readImage(settings.thumbnails?.background, root, projectFiles));
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'original' },
    font: { fontFiles: fontFiles(), loadSystemFonts: true, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
  });
  return resvg.render().asPng();
}
