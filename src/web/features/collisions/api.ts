import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import type { ResolveCollision } from '../../../domain/collisions/collisions'
import { api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'

type OpenCollisions = InferResponseType<(typeof api.api.collisions)['$get'], 200>
export type OpenCollision = OpenCollisions['collisions'][number]
type Resolved = InferResponseType<(typeof api.api.collisions)[':collisionId']['resolve']['$post'], 200>

const key = ['collisions'] as const

/** The open collisions the viewer may see. */
export function useOpenCollisions() {
  return useQuery({ queryKey: key, queryFn: async () => readJson<OpenCollisions>(await api.api.collisions.$get()) })
}

/** Settles a collision (sent once per submit); the list and both cases' pages reload. */
export function useResolveCollision(collisionId: string) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (json: ResolveCollision, submit) =>
      readJson<Resolved>(
        await api.api.collisions[':collisionId'].resolve.$post({ param: { collisionId }, json }, submit),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key })
      void queryClient.invalidateQueries({ queryKey: ['orders', 'detail'] })
      void queryClient.invalidateQueries({ queryKey: ['cases', 'detail'] })
    },
  })
}
