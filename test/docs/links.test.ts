// Every relative link of README.md and docs/*.md reaches a file of the repository, and its #anchor a
// heading of that file (GitHub's anchor rule: lower case, punctuation dropped, spaces to hyphens).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const strip = (text: string) => text.replace(/```[\s\S]*?```/g, '');
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replaceAll(' ', '-');
const anchorsOf = (file: string) =>
  new Set([...strip(readFileSync(join(ROOT, file), 'utf8')).matchAll(/^#+ (.*)$/gm)].map((m) => anchor(m[1]!)));

const links = DOCS.flatMap((doc) =>
  [...strip(readFileSync(join(ROOT, doc), 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((href) => !/^[a-z]+:/.test(href))
    .map((href) => ({ doc, href })),
);

describe('links in README.md and docs/', () => {
  it('there are links to check', () => expect(links.length).toBeGreaterThan(20));

  it.each(links.map((l) => [l.doc, l.href] as const))('%s -> %s', (doc, href) => {
    const [path, hash] = href.split('#') as [string, string | undefined];
    const target = path === '' ? doc : normalize(join(dirname(doc), path));
    expect(existsSync(join(ROOT, target)), `${target} exists`).toBe(true);
    if (hash !== undefined && target.endsWith('.md')) expect([...anchorsOf(target)]).toContain(hash);
  });
});
