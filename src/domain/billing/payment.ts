import { formatCents, isCents } from './money'

// Issue 17's payments: posted against an invoice's lines, never more than a line has billed.

export type PayableLine = {
  id: string
  billedCents: number
  /** What the lender approved of it, or null while it has not said (the billed amount is expected). */
  approvedCents: number | null
  paidCents: number
}

export type LinePayment = { lineId: string; amountCents: number; shortPayReason?: string | null }

export type PaymentProblem = { field: string; reason: string }

export const lineBalance = (line: PayableLine) => line.billedCents - line.paidCents

/** What is still expected of a line: its approved amount (else billed) less what is paid. */
export const lineExpected = (line: PayableLine) =>
  Math.max(0, (line.approvedCents ?? line.billedCents) - line.paidCents)

/**
 * A whole amount spread over the lines in order, each up to what is still expected of it, then
 * up to its billed balance; null when the amount is above the invoice's balance.
 */
export function allocatePayment(lines: readonly PayableLine[], amountCents: number): LinePayment[] | null {
  const total = lines.reduce((sum, line) => sum + lineBalance(line), 0)
  if (amountCents > total) return null
  const paid = new Map(lines.map((line) => [line.id, 0]))
  let left = amountCents
  for (const room of [lineExpected, lineBalance]) {
    for (const line of lines) {
      const take = Math.min(left, room({ ...line, paidCents: line.paidCents + (paid.get(line.id) ?? 0) }))
      if (take > 0) {
        paid.set(line.id, (paid.get(line.id) ?? 0) + take)
        left -= take
      }
    }
  }
  return lines
    .filter((line) => (paid.get(line.id) ?? 0) > 0)
    .map((line) => ({ lineId: line.id, amountCents: paid.get(line.id) ?? 0 }))
}

/** What is wrong with a payment by line: unknown lines, amounts that are not cents, any line paid above its balance. */
export function paymentProblems(lines: readonly PayableLine[], payments: readonly LinePayment[]): PaymentProblem[] {
  const problems: PaymentProblem[] = []
  const byId = new Map(lines.map((line) => [line.id, line]))
  const seen = new Set<string>()
  for (const [index, payment] of payments.entries()) {
    const field = `lines.${index}.amountCents`
    const line = byId.get(payment.lineId)
    if (!line) problems.push({ field: `lines.${index}.lineId`, reason: 'No such line on this invoice' })
    else if (seen.has(payment.lineId))
      problems.push({ field: `lines.${index}.lineId`, reason: 'This line is paid twice' })
    else if (!isCents(payment.amountCents))
      problems.push({ field, reason: 'Must be a whole, non-negative number of cents' })
    else if (payment.amountCents > lineBalance(line)) {
      problems.push({ field, reason: `Above this line's balance of ${formatCents(lineBalance(line))}` })
    }
    seen.add(payment.lineId)
  }
  if (problems.length === 0 && payments.reduce((sum, payment) => sum + payment.amountCents, 0) === 0) {
    problems.push({ field: 'amountCents', reason: 'A payment must be more than $0.00' })
  }
  return problems
}

/**
 * Where a payment leaves an open invoice: Paid once everything billed is paid, Short-paid once
 * everything approved is paid and the lender approved less; else where it was.
 */
export function settledStatus<Status extends string>(
  status: Status,
  lines: readonly PayableLine[],
): Status | 'paid' | 'short_paid' {
  const billed = lines.reduce((sum, line) => sum + line.billedCents, 0)
  const paid = lines.reduce((sum, line) => sum + line.paidCents, 0)
  if (billed > 0 && paid >= billed) return 'paid'
  const approvedSet = lines.some((line) => line.approvedCents !== null)
  if (approvedSet && lines.every((line) => lineExpected(line) === 0)) return 'short_paid'
  return status
}
