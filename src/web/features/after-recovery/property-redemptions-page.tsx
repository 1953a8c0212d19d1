/** /dashboard/property-redemptions: being built (issue 20). */
export function PropertyRedemptionsPage() {
  return <h1 className="text-2xl font-semibold">Property Redemptions</h1>
}
