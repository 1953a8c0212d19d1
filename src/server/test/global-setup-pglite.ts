export { migratedPglite as default } from './migrated-snapshots'
