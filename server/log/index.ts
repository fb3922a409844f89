/** Structured JSON logs (pino). */
export { CENSOR, createLogger, flushLogs, REDACTED_KEYS, REDACTED_PATHS, type Logger, type LogLevel, type LogSink } from './logger';
