// Content types the gateway sends, by file extension (a small table; everything else is octet-stream).

const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  wasm: 'application/wasm',
  zip: 'application/zip',
  gz: 'application/gzip',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  car: 'application/vnd.ipld.car',
};

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** By the last extension of the name, case-insensitively; NFT metadata (`1`, `2`, ...) has none. */
export function contentTypeFor(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return DEFAULT_CONTENT_TYPE;
  return TYPES[name.slice(dot + 1).toLowerCase()] ?? DEFAULT_CONTENT_TYPE;
}
