/** Structured JSON logging. */
export { flushLogs, createLogger, type Logger, type LogLevel, type LogSink } from './logger';
