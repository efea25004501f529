// A profile's picture, or its initials on a coloured disc when there is none (or it fails to
// load). Used by the registry cards and the profile dialog. The picture is a data URL the
// server checked (docs/design.md#avatars); it is only ever an <img> source, never markup.
import { useState } from 'react';
import './ui.css';

export interface AvatarProps {
  name: string;
  src: string | null;
  /** width and height in CSS pixels */
  size?: number;
}

const DEFAULT_SIZE = 48;
const MAX_INITIALS = 2;
// Dark enough for white text to read (WCAG AA at the sizes used).
const PALETTE = ['#1e3a8a', '#7c2d12', '#14532d', '#581c87', '#0f172a', '#9f1239', '#134e4a', '#713f12'];

/** "Jane van Roe" -> "JR", "moon" -> "M", "" -> "?" */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w));
  if (words.length === 0) return '?';
  const picked = words.length > 1 ? [words[0]!, words[words.length - 1]!] : [words[0]!];
  return picked
    .slice(0, MAX_INITIALS)
    .map((w) => Array.from(w.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

function colourFor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

export function Avatar({ name, src, size = DEFAULT_SIZE }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const box = { width: size, height: size, minWidth: size };
  if (src && failedSrc !== src) {
    return (
      <img className="avatar" src={src} alt={name} width={size} height={size} style={box} onError={() => setFailedSrc(src)} />
    );
  }
  return (
    <span
      className="avatar avatar--initials"
      role="img"
      aria-label={name}
      style={{ ...box, background: colourFor(name), fontSize: Math.round(size * 0.4) }}
    >
      <span aria-hidden="true">{initials(name)}</span>
    </span>
  );
}
