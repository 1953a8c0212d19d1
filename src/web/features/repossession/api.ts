import { useQueryClient } from '@tanstack/react-query'
import type { RepossessionCorrection } from '../../../domain/cases/repossession'
import { api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'

/** Which case's moment: an order (by id) or an RDN case (by the case id its detail opens). */
export type RepossessionTarget = { orderId: string } | { caseId: string }

const endpoints = api.api.repossession.cases

/** Sets or corrects when the case's vehicle was repossessed, with a reason; the case and what prices it reload. */
export function useCorrectRepossession(target: RepossessionTarget) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (input: RepossessionCorrection) =>
      readJson<{ repossessedAt: string }>(
        'orderId' in target
          ? await endpoints.orders[':orderId'].$put({ param: { orderId: target.orderId }, json: input })
          : await endpoints.rdn[':caseId'].$put({ param: { caseId: target.caseId }, json: input }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: 'orderId' in target ? ['orders'] : ['cases'] })
      void queryClient.invalidateQueries({ queryKey: ['timeline'] })
      void queryClient.invalidateQueries({ queryKey: ['fees', 'price'] })
      void queryClient.invalidateQueries({ queryKey: ['invoices'] })
      void queryClient.invalidateQueries({ queryKey: ['redemption-quote'] })
    },
  })
}
