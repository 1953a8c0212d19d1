// What the benchmarks that start the real server share: a free port, and waiting until it answers.
import type { ChildProcess } from 'node:child_process'
import net from 'node:net'

/** A port nobody listens on. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** Resolves once the server at `base` answers its health check; throws if it exits or never does. */
export async function waitForHealth(base: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 1200; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('the server did not start')
}
