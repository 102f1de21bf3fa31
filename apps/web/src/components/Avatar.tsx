import { useState } from 'react';

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => word?.[0]?.toUpperCase() ?? '').join('') || '?';
}

/** The user's picture, or their initials when there is none (or it fails to load). */
export function Avatar({
  name,
  picture,
  size = 32,
}: {
  name: string;
  picture: string | null;
  size?: number;
}) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: size * 0.4 };
  if (picture && !failed) {
    return (
      <img
        src={picture}
        alt=""
        className="avatar rounded-circle object-fit-cover"
        style={style}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className="avatar avatar-initials rounded-circle" style={style} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
