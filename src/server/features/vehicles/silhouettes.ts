import type { VehicleShape } from '../../../domain/vehicles/vehicle-image'

// Side views on a 320 x 140 canvas, wheels on the 112 line; the body takes the vehicle's paint.

type Silhouette = { body: string; windows: string[]; wheels: [number, number]; wheelRadius?: number }

const SILHOUETTES: Record<VehicleShape, Silhouette> = {
  sedan: {
    body: 'M16 104 V82 Q18 70 36 68 L92 62 L122 38 Q128 34 140 34 H208 Q220 34 230 42 L254 62 L292 68 Q304 70 304 84 V104 Z',
    windows: ['M100 62 L126 41 H168 V62 Z', 'M176 62 V41 H212 Q220 41 226 47 L242 62 Z'],
    wheels: [82, 240],
  },
  coupe: {
    body: 'M16 104 V84 Q18 72 36 70 L102 64 L136 40 Q142 36 154 36 H196 Q208 36 218 46 L242 64 L292 70 Q304 72 304 86 V104 Z',
    windows: ['M112 64 L140 43 H176 V64 Z', 'M184 64 V43 H200 Q208 43 214 49 L230 64 Z'],
    wheels: [82, 240],
  },
  hatchback: {
    body: 'M24 104 V84 Q26 72 42 70 L96 62 L126 38 Q132 34 144 34 H236 Q252 34 262 52 L280 72 Q292 76 292 88 V104 Z',
    windows: ['M104 62 L130 41 H176 V62 Z', 'M184 62 V41 H232 Q244 41 250 52 L256 62 Z'],
    wheels: [86, 236],
  },
  wagon: {
    body: 'M16 104 V82 Q18 70 36 68 L92 62 L122 38 Q128 34 140 34 H282 Q296 34 298 48 L304 72 V104 Z',
    windows: ['M100 62 L126 41 H168 V62 Z', 'M176 62 V41 H226 V62 Z', 'M234 62 V41 H282 Q290 41 292 50 L294 62 Z'],
    wheels: [82, 244],
  },
  suv: {
    body: 'M16 106 V74 Q18 62 36 60 L86 56 L114 26 Q120 22 132 22 H282 Q296 22 298 36 L304 66 V106 Z',
    windows: ['M94 56 L118 30 H166 V56 Z', 'M174 56 V30 H226 V56 Z', 'M234 56 V30 H282 Q290 30 292 40 L294 56 Z'],
    wheels: [82, 244],
    wheelRadius: 24,
  },
  pickup: {
    body: 'M12 106 V74 Q14 62 32 60 L80 56 L104 26 Q110 22 122 22 H176 Q184 22 184 32 V62 H308 V106 Z',
    windows: ['M88 56 L110 30 H140 V56 Z', 'M148 56 V30 H170 Q176 30 176 36 V56 Z'],
    wheels: [78, 250],
    wheelRadius: 24,
  },
  van: {
    body: 'M16 106 V66 Q18 56 30 52 L56 22 Q62 16 76 16 H296 Q306 16 306 28 V106 Z',
    windows: ['M64 50 L82 24 H120 V50 Z', 'M128 50 V24 H190 V50 Z'],
    wheels: [78, 248],
  },
  truck: {
    body: 'M12 108 V66 Q14 56 26 54 L40 28 Q44 20 56 20 H96 V108 Z M104 108 V8 H312 V108 Z',
    windows: ['M46 52 L56 30 H86 V52 Z'],
    wheels: [62, 262],
    wheelRadius: 22,
  },
  motorcycle: {
    body: 'M88 104 L128 64 H184 L204 50 H226 L214 70 L244 104 H226 L204 78 H160 L120 104 Z M132 60 Q150 46 178 52 L176 60 Z',
    windows: [],
    wheels: [84, 246],
    wheelRadius: 26,
  },
}

/** An SVG silhouette of the vehicle's body in its paint; `paint` must be a #rrggbb colour. */
export function vehicleSilhouetteSvg(shape: VehicleShape, paint: string): string {
  const { body, windows, wheels, wheelRadius = 22 } = SILHOUETTES[shape]
  const wheel = (x: number) =>
    `<circle cx="${x}" cy="112" r="${wheelRadius}" fill="#1f2937"/><circle cx="${x}" cy="112" r="${Math.round(wheelRadius / 2.4)}" fill="#d1d5db"/>`
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 140" role="img" aria-label="Vehicle silhouette">',
    '<ellipse cx="160" cy="134" rx="150" ry="5" fill="#000" opacity="0.12"/>',
    `<path d="${body}" fill="${paint}" stroke="#374151" stroke-width="2" stroke-linejoin="round"/>`,
    ...windows.map((window) => `<path d="${window}" fill="#bfdbfe" stroke="#374151" stroke-width="1.5"/>`),
    wheel(wheels[0]),
    wheel(wheels[1]),
    '</svg>',
  ].join('')
}
