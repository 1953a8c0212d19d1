/** Reads a Server-Sent Events response, collecting event names, until stopped. */
export function readEvents(response: Response) {
  const events: string[] = []
  const reader = response.body?.getReader()
  if (!reader) throw new Error('no event stream')
  const decoder = new TextDecoder()
  let buffer = ''
  const done = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }))
      if (chunk.done) return
      buffer += decoder.decode(chunk.value, { stream: true })
      for (const match of buffer.matchAll(/^event: (.+)$/gm)) events.push(match[1])
      buffer = buffer.slice(buffer.lastIndexOf('\n') + 1)
    }
  })()
  return {
    events,
    /** Resolves once `name` has arrived, or rejects after `ms`. */
    async waitFor(name: string, count = 1, ms = 2_000) {
      const deadline = Date.now() + ms
      while (events.filter((event) => event === name).length < count) {
        if (Date.now() > deadline)
          throw new Error(`no '${name}' event within ${ms} ms (saw ${events.join(', ') || 'nothing'})`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    async stop() {
      await reader.cancel().catch(() => undefined)
      await done
    },
  }
}
