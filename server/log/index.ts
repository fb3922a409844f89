/** Structured JSON logs. */
export { flushLogs, createLogger, logRequest, type Logger, type LogLevel, type LogSink, type RequestLine } from './logger';
