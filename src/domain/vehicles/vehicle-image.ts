/** The silhouettes our server draws (src/server/features/vehicles/silhouettes.ts). */
export const VEHICLE_SHAPES = [
  'sedan',
  'coupe',
  'hatchback',
  'wagon',
  'suv',
  'pickup',
  'van',
  'motorcycle',
  'truck',
] as const
export type VehicleShape = (typeof VEHICLE_SHAPES)[number]

const SHAPE_BY_BODY_CLASS: Record<string, VehicleShape> = {
  Sedan: 'sedan',
  Coupe: 'coupe',
  Convertible: 'coupe',
  Hatchback: 'hatchback',
  Wagon: 'wagon',
  SUV: 'suv',
  Crossover: 'suv',
  Pickup: 'pickup',
  Van: 'van',
  Minivan: 'van',
  Bus: 'van',
  Truck: 'truck',
  Tractor: 'truck',
  Motorcycle: 'motorcycle',
}

/** The silhouette for a decoded body class; null when there is none to show (trailers, unknown). */
export function shapeForBodyClass(bodyClass: string | null): VehicleShape | null {
  return bodyClass ? (SHAPE_BY_BODY_CLASS[bodyClass] ?? null) : null
}

export function isVehicleShape(value: string): value is VehicleShape {
  return (VEHICLE_SHAPES as readonly string[]).includes(value)
}

/** Paint for the common colour names lenders send; anything else is drawn neutral grey. */
const PAINT: [RegExp, string][] = [
  [/black/, '#1f2937'],
  [/white|pearl/, '#f8fafc'],
  [/silver/, '#c0c6cc'],
  [/gr[ae]y|charcoal|gunmetal/, '#6b7280'],
  [/maroon|burgundy|wine/, '#7f1d1d'],
  [/red/, '#dc2626'],
  [/blue|navy/, '#2563eb'],
  [/green/, '#15803d'],
  [/brown|bronze/, '#78350f'],
  [/beige|tan|champagne|cream/, '#d6c7a1'],
  [/gold/, '#ca8a04'],
  [/yellow/, '#facc15'],
  [/orange/, '#ea580c'],
  [/purple|violet/, '#7c3aed'],
]
export const NEUTRAL_PAINT = '#9ca3af'

export function paintForColor(color: string | null | undefined): string {
  const name = (color ?? '').toLowerCase()
  return PAINT.find(([pattern]) => pattern.test(name))?.[1] ?? NEUTRAL_PAINT
}
