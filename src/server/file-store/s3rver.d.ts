// s3rver ships no types: what the file-store tests use of it.
declare module 's3rver' {
  type Options = {
    port?: number
    address?: string
    silent?: boolean
    directory: string
    configureBuckets?: Array<{ name: string; configs?: unknown[] }>
  }
  export default class S3rver {
    constructor(options: Options)
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
