/** Structured JSON logs (pino). */
export { CENSOR, createLogger, flushLogs, REDACTED_KEYS, redactSecrets, type Logger, type LogLevel, type LogSink } from './logger';
export { RequestLog } from './requestLog';
export { yogaLogging } from './yogaLogging';
