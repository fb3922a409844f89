/** The part of autocannon's API the benches use (the package ships no types). */
declare module 'autocannon' {
  interface Options { url: string; connections?: number; duration?: number; method?: string; body?: string; headers?: Record<string, string> }
  interface Histogram { average: number; p50: number; p99: number; max: number; total: number }
  interface Result { requests: Histogram; latency: Histogram; errors: number; non2xx: number; timeouts: number }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
