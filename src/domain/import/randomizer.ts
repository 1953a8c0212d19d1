// The 'Randomize borrower names' setting (SPEC.md section 5), for demos and training copies of
// real data: a name with a comma is replaced by a made-up 'Last, First', the same every time for
// the same input, with a first name of the same gender group when the original's is known.

export const MALE_FIRST_NAMES = [
  'James',
  'Robert',
  'John',
  'Michael',
  'David',
  'William',
  'Richard',
  'Joseph',
  'Thomas',
  'Charles',
  'Christopher',
  'Daniel',
  'Matthew',
  'Anthony',
  'Mark',
  'Donald',
  'Steven',
  'Paul',
  'Andrew',
  'Joshua',
]
export const FEMALE_FIRST_NAMES = [
  'Mary',
  'Patricia',
  'Jennifer',
  'Linda',
  'Elizabeth',
  'Barbara',
  'Susan',
  'Jessica',
  'Sarah',
  'Karen',
  'Lisa',
  'Nancy',
  'Betty',
  'Margaret',
  'Sandra',
  'Ashley',
  'Kimberly',
  'Emily',
  'Donna',
  'Michelle',
]
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
]

const MALE = new Set(MALE_FIRST_NAMES.map((name) => name.toLowerCase()))
const FEMALE = new Set(FEMALE_FIRST_NAMES.map((name) => name.toLowerCase()))

/** FNV-1a: a small, stable hash, so one input always gives one replacement. */
function hash(text: string): number {
  let value = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index)
    value = Math.imul(value, 0x01000193) >>> 0
  }
  return value
}

export function randomizeBorrowerName(name: string): string {
  if (!name.includes(',')) return name
  const first =
    name
      .slice(name.indexOf(',') + 1)
      .trim()
      .split(/\s+/)[0]
      ?.toLowerCase() ?? ''
  const firstNames = MALE.has(first)
    ? MALE_FIRST_NAMES
    : FEMALE.has(first)
      ? FEMALE_FIRST_NAMES
      : [...MALE_FIRST_NAMES, ...FEMALE_FIRST_NAMES]
  const seed = hash(name.trim().toLowerCase())
  return `${LAST_NAMES[seed % LAST_NAMES.length]}, ${firstNames[(seed >>> 8) % firstNames.length]}`
}
