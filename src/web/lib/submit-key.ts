import { type UseMutationOptions, type UseMutationResult, useMutation } from '@tanstack/react-query'
import { useCallback, useMemo, useRef } from 'react'

/** The request options a submit sends with its call through the typed client (`$post(args, submit)`). */
export type SubmitOptions = { headers: { 'Idempotency-Key': string } }

/**
 * A random UUID (v4). `crypto.randomUUID` exists only on https or localhost; the product is also
 * opened over plain http on a LAN address, where `getRandomValues` still is.
 */
export function newSubmitKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * The Idempotency-Key of a form's submit: the same while the same input is sent again (a double
 * click, a retry after a lost answer), so the server creates once; a new one for other input or
 * after a success, so the next create is a new one.
 */
export function useSubmitKey() {
  const last = useRef<{ input: string; key: string } | null>(null)
  return useMemo(
    () => ({
      optionsFor(input: unknown): SubmitOptions {
        const text = JSON.stringify(input ?? null)
        if (last.current?.input !== text) last.current = { input: text, key: newSubmitKey() }
        return { headers: { 'Idempotency-Key': last.current.key } }
      },
      reset() {
        last.current = null
      },
    }),
    [],
  )
}

type SubmitMutationOptions<Data, Input> = Omit<UseMutationOptions<Data, Error, Input>, 'mutationFn'> & {
  mutationFn: (input: Input, submit: SubmitOptions) => Promise<Data>
}

/**
 * `useMutation` for what a person submits (every create, and any save a second click would
 * spoil): the call gets its submit's Idempotency-Key (`submit`, passed to the typed client), and
 * a submit while one is running is ignored at once (`isPending` only disables the button after
 * the next render, too late for a double click); its `mutateAsync` promise never settles.
 */
export function useSubmitMutation<Data, Input>(
  options: SubmitMutationOptions<Data, Input>,
): UseMutationResult<Data, Error, Input> {
  const submitKey = useSubmitKey()
  const running = useRef(false)
  const mutation = useMutation<Data, Error, Input>({
    ...options,
    mutationFn: (input) => options.mutationFn(input, submitKey.optionsFor(input)),
    onSuccess: (...args) => {
      submitKey.reset()
      return options.onSuccess?.(...args)
    },
    onSettled: (...args) => {
      running.current = false
      return options.onSettled?.(...args)
    },
  })
  const { mutate: run, mutateAsync: runAsync } = mutation
  const mutate = useCallback<typeof run>(
    (...args) => {
      if (running.current) return
      running.current = true
      run(...args)
    },
    [run],
  )
  const mutateAsync = useCallback<typeof runAsync>(
    (...args) => {
      if (running.current) return new Promise<Data>(() => {})
      running.current = true
      return runAsync(...args)
    },
    [runAsync],
  )
  return { ...mutation, mutate, mutateAsync }
}
