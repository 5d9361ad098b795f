import { limits } from '@skylog/contracts';

/** The avatar's background / text colour pairs (`limits.avatarColourPairs` of them), all readable. */
export const avatarColourPairs = [
  ['#1e3a8a', '#dbeafe'],
  ['#1d4ed8', '#eff6ff'],
  ['#0f766e', '#ccfbf1'],
  ['#047857', '#d1fae5'],
  ['#15803d', '#dcfce7'],
  ['#4d7c0f', '#ecfccb'],
  ['#a16207', '#fef9c3'],
  ['#c2410c', '#ffedd5'],
  ['#b91c1c', '#fee2e2'],
  ['#be123c', '#ffe4e6'],
  ['#a21caf', '#fae8ff'],
  ['#7e22ce', '#f3e8ff'],
  ['#6d28d9', '#ede9fe'],
  ['#4338ca', '#e0e7ff'],
  ['#0369a1', '#e0f2fe'],
  ['#0e7490', '#cffafe'],
  ['#334155', '#f1f5f9'],
  ['#57534e', '#f5f5f4'],
  ['#9a3412', '#fff7ed'],
  ['#86198f', '#fdf4ff'],
] as const satisfies ReadonlyArray<readonly [string, string]>;

const shapeSides = [5, 6, 7, 8, 9, 10] as const;
const shapeRotations = 10;

/** FNV-1a: the same value always gives the same colour and shape. */
export function hashValue(value: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index += 1) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** One of 60 shapes: a polygon of 5 to 10 sides in one of 10 rotations. */
export function getAvatarShape(index: number): { sides: number; rotationDeg: number } {
  const sides = shapeSides[index % shapeSides.length]!;
  const step = Math.floor(index / shapeSides.length) % shapeRotations;
  return { sides, rotationDeg: (360 / sides / shapeRotations) * step };
}

export function getAvatarLook(value: string) {
  const hash = hashValue(value);
  const colourIndex = hash % limits.avatarColourPairs;
  const shapeIndex = Math.floor(hash / limits.avatarColourPairs) % limits.avatarShapes;
  const [background, foreground] = avatarColourPairs[colourIndex]!;
  return { colourIndex, shapeIndex, background, foreground, initials: value.slice(0, 2).toUpperCase() };
}

function polygonPoints(sides: number, rotationDeg: number, size: number): string {
  const radius = size / 2;
  return Array.from({ length: sides }, (_, corner) => {
    const angle = ((rotationDeg + (360 / sides) * corner - 90) * Math.PI) / 180;
    return `${(radius + radius * Math.cos(angle)).toFixed(2)},${(radius + radius * Math.sin(angle)).toFixed(2)}`;
  }).join(' ');
}

type AvatarProps = {
  value: string;
  size?: number;
  className?: string;
  /** Inside a control that names itself (the top bar's Update Profile): hidden from assistive technology. */
  isDecorative?: boolean;
};

/** The first 2 characters of the value, uppercased, on a colour and shape chosen from the value. */
export function Avatar({ value, size = limits.avatarDefaultSize, className = '', isDecorative = false }: AvatarProps) {
  const look = getAvatarLook(value);
  const shape = getAvatarShape(look.shapeIndex);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      className={className}
      {...(isDecorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': look.initials })}
      data-colour={look.colourIndex}
      data-shape={look.shapeIndex}
    >
      <polygon points={polygonPoints(shape.sides, shape.rotationDeg, size)} fill={look.background} />
      <text
        x="50%"
        y="50%"
        dominantBaseline="central"
        textAnchor="middle"
        fill={look.foreground}
        fontSize={size * 0.38}
        fontWeight={600}
        fontFamily="ui-sans-serif, system-ui, sans-serif"
      >
        {look.initials}
      </text>
    </svg>
  );
}
