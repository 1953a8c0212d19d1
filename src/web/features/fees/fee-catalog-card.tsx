import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { useFeeCatalog } from './api'

/** The fee catalog: every fee type with its category, GL code and aliases. */
export function FeeCatalogCard() {
  const catalog = useFeeCatalog()
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Fee catalog</CardTitle>
        <CardDescription>
          Every rate, fee request and invoice line names one of these; the aliases map lenders' names onto them.
        </CardDescription>
      </CardHeader>
      {/* Scrolls sideways on a phone: a focusable region, so a keyboard can scroll it too. */}
      <CardContent className="overflow-x-auto" tabIndex={0} role="region" aria-label="Fee catalog table">
        {catalog.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
        {catalog.isError && <p className="text-sm text-destructive">{catalog.error.message}</p>}
        {catalog.data && (
          <table className="w-full text-sm">
            <thead className="text-left text-muted-foreground">
              <tr>
                <th className="p-2">Fee</th>
                <th className="p-2">Category</th>
                <th className="p-2">GL code</th>
                <th className="p-2">Also called</th>
              </tr>
            </thead>
            <tbody>
              {catalog.data.map((type) => (
                <tr key={type.code} className="border-t">
                  <td className="p-2 font-medium">{type.name}</td>
                  <td className="p-2">{type.category}</td>
                  <td className="p-2 font-mono">{type.glCode}</td>
                  <td className="p-2 text-muted-foreground">{type.aliases.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  )
}
