import { DIRECT_DROP } from '../../../domain/cases/storage-location'

/** 'Direct Drop' is an orange pill; any other location plain text. */
export function StorageLocation({ name }: { name: string | null }) {
  if (name !== DIRECT_DROP) return <>{name ?? '-'}</>
  return (
    <span className="rounded-full bg-orange-700 px-2.5 py-0.5 text-xs font-semibold text-white">{DIRECT_DROP}</span>
  )
}
