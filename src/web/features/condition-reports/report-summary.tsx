import { photoFacts } from '../../../domain/files/photo-facts'
import { formatDateTime } from '../../../domain/formats/dates'
import { formatWhole } from '../../../domain/formats/numbers'
import type { ConditionReport, ReportPhoto } from './api'

const yesNo = (value: boolean | null) => (value === null ? '-' : value ? 'Yes' : 'No')

function Thumbnail({ file, label }: { file: ReportPhoto | null; label: string }) {
  if (!file) {
    return (
      <span className="flex aspect-[4/3] items-center justify-center rounded-md border border-dashed text-xs text-muted-foreground">
        Missing
      </span>
    )
  }
  return (
    <a href={file.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-md bg-muted">
      <img
        src={file.thumbnailUrl ?? file.url}
        alt={label}
        className="aspect-[4/3] w-full object-cover"
        loading="lazy"
      />
    </a>
  )
}

/** When and where the photo was taken (its EXIF, kept as data: the photo itself carries none). */
function PhotoFacts({ file }: { file: ReportPhoto | null }) {
  const facts = file && photoFacts(file)
  return facts ? <p className="text-xs text-muted-foreground">{facts}</p> : null
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{value}</dd>
    </div>
  )
}

/** An accepted version, read-only: who accepted it and when, its photos, answers, damage and notes. */
export function ReportSummary({ report }: { report: ConditionReport }) {
  const keys = report.keysPresent ? `Yes${report.keyType ? ` (${report.keyType})` : ''}` : yesNo(report.keysPresent)
  return (
    <div className="space-y-4">
      {report.acceptedAt && (
        <p className="text-sm">
          Accepted by {report.acceptedBy ?? 'a former user'} on {formatDateTime(report.acceptedAt)}
        </p>
      )}
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={`Photos of version ${report.version}`}>
        {report.photos.map((photo) => (
          <li key={photo.slot} className="space-y-1">
            <Thumbnail file={photo.file} label={photo.label} />
            <p className="truncate text-xs text-muted-foreground">{photo.label}</p>
            <PhotoFacts file={photo.file} />
          </li>
        ))}
      </ul>
      <dl className="space-y-2 text-sm">
        <Row label="Odometer" value={report.odometer === null ? '-' : `${formatWhole(report.odometer)} miles`} />
        <Row label="Keys with the vehicle" value={keys} />
        <Row label="Drivable" value={yesNo(report.drivable)} />
      </dl>
      <div className="space-y-2">
        <h3 className="text-sm font-medium">Damage</h3>
        {report.damages.length === 0 ? (
          <p className="text-sm text-muted-foreground">No damage marked.</p>
        ) : (
          <ul className="space-y-2">
            {report.damages.map((damage, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an accepted version never changes, its order is its identity
              <li key={index} className="grid grid-cols-[6rem_1fr] items-start gap-3 text-sm">
                <Thumbnail file={damage.file} label={`Damage ${index + 1}`} />
                <div>
                  <p className="font-medium">{damage.area}</p>
                  <p className="text-muted-foreground">{damage.description}</p>
                  <PhotoFacts file={damage.file} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {report.notes && (
        <div className="space-y-1">
          <h3 className="text-sm font-medium">Notes</h3>
          <p className="whitespace-pre-wrap text-sm">{report.notes}</p>
        </div>
      )}
    </div>
  )
}
