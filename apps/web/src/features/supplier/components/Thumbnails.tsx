/** The two rows' thumbnails: a form being filled in, and a register of supplier cards. Decorative. */
export function FormThumbnail() {
  return (
    <svg viewBox="0 0 160 110" className="sdc-thumbnail" aria-hidden="true" focusable="false">
      <rect width="160" height="110" rx="8" fill="#e7f1f4" />
      <rect x="38" y="10" width="84" height="92" rx="4" fill="#fff" stroke="#0b4f6c" strokeWidth="2" />
      <rect x="48" y="20" width="50" height="6" rx="2" fill="#0b4f6c" />
      {[36, 52, 68].map((y) => (
        <g key={y}>
          <rect x="48" y={y} width="8" height="8" rx="1.5" fill="none" stroke="#0b4f6c" strokeWidth="1.5" />
          <path d={`M49.5 ${y + 4} l2 2.5 l3.5 -5`} stroke="#2a9d8f" strokeWidth="2" fill="none" />
          <rect x="62" y={y + 2} width="48" height="4" rx="2" fill="#9cc3d0" />
        </g>
      ))}
      <rect x="48" y="86" width="30" height="8" rx="2" fill="#2a9d8f" />
    </svg>
  );
}

export function RegisterThumbnail() {
  return (
    <svg viewBox="0 0 160 110" className="sdc-thumbnail" aria-hidden="true" focusable="false">
      <rect width="160" height="110" rx="8" fill="#e7f1f4" />
      <rect x="10" y="12" width="34" height="86" rx="3" fill="#fff" stroke="#9cc3d0" />
      {[22, 36, 50, 64].map((y) => (
        <rect key={y} x="15" y={y} width="24" height="6" rx="2" fill="#9cc3d0" />
      ))}
      {[
        [52, 12],
        [104, 12],
        [52, 58],
        [104, 58],
      ].map(([x, y]) => (
        <g key={`${x}-${y}`}>
          <rect x={x} y={y} width="46" height="40" rx="3" fill="#fff" stroke="#0b4f6c" strokeWidth="1.5" />
          <circle cx={(x ?? 0) + 10} cy={(y ?? 0) + 10} r="5" fill="#2a9d8f" />
          <rect x={(x ?? 0) + 18} y={(y ?? 0) + 7} width="22" height="5" rx="2" fill="#0b4f6c" />
          <rect x={(x ?? 0) + 6} y={(y ?? 0) + 22} width="34" height="3" rx="1.5" fill="#9cc3d0" />
          <rect x={(x ?? 0) + 6} y={(y ?? 0) + 29} width="26" height="3" rx="1.5" fill="#9cc3d0" />
        </g>
      ))}
    </svg>
  );
}
