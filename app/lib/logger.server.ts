import pino from 'pino'

/** Structured JSON logs on stdout; LOG_LEVEL sets the level (info by default, silent in unit tests). */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.VITEST ? 'silent' : 'info'),
  base: { service: 'scdot-field-assistant' },
})
