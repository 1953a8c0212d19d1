export { migratedPostgresTemplate as default } from './migrated-snapshots'
