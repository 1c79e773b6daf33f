/**
 * A part of the statement chart (`statement.machine.ts`): its region `download`, the download of the
 * statement files, written apart only to keep each file short; the chart's `setup`
 * (`statement.setup.ts`) names and documents every guard, action and actor used here.
 *
 *   idle ──download.pdf / download.csv [canDownload]──▶ downloading ──link──▶ idle (the browser downloads)
 *                                                           └──no link──▶ idle (downloadFailed shown, logged)
 *
 * A file is downloaded by the browser itself (docs/decisions.md): the region asks for a signed link
 * (`downloadLink`) and hands it over (`saveFile`); the browser shows the progress.
 */
import { statement as texts } from '../messages.ts'
import { downloadErrorOf, linkOf } from './statement.rules.ts'
import type { StatementSetup } from './statement.setup.ts'
import type { DownloadFormat } from './statement.types.ts'

const startDownload = (format: DownloadFormat) =>
  ({
    guard: 'canDownload',
    target: 'downloading',
    actions: { type: 'startDownload', params: { format } },
    description: `spec §2, §4, REQ-STMT-02: the ${format} link, shown when the status is '0' with at least one transaction`,
  }) as const

/** The region `download` of the chart, typed by the chart's own setup (XState's `createStateConfig`). */
export const downloadState = (statement: StatementSetup) =>
  statement.createStateConfig({
    description: 'The download of the statement files.',
    meta: { spec: 'spec §2 /app/statement (download links, spinner); spec §7 download/pdf/{id}; rulings §3' },
    initial: 'idle',
    states: {
      idle: {
        description: 'No download under way: the links, when the statement has them.',
        meta: { spec: 'spec §4 Statement (links only when status is 0 with transactions)' },
        on: {
          'download.pdf': startDownload('pdf'),
          'download.csv': startDownload('csv'),
        },
      },
      downloading: {
        description: 'The spinner while the link of the file is asked for; the rest of the screen stays usable.',
        meta: { spec: 'spec §2 /app/statement (a spinner shows while a file downloads); rulings §9.7' },
        entry: { type: 'showDownloadError', params: { message: null } },
        invoke: {
          id: 'downloadLink',
          src: 'downloadLink',
          input: ({ context }) => context.download ?? { filename: '' },
          onDone: [
            {
              guard: { type: 'isLinkSessionEnded', params: ({ event }) => event.output },
              target: 'idle',
              actions: 'endDownload',
              description: "spec §4 Session, REQ-SESSION-01: HTTP 403 or code '2' — the session signs out; no message here",
            },
            {
              guard: { type: 'hasLink', params: ({ event }) => event.output },
              target: 'idle',
              actions: [{ type: 'saveFile', params: ({ context, event }) => linkOf(event.output, context.download?.filename ?? '')! }, 'endDownload'],
              description: 'spec §2: the browser downloads the file under its name, with its own progress (docs/decisions.md)',
            },
            {
              target: 'idle',
              actions: [
                { type: 'logDownloadError', params: ({ context, event }) => ({ filename: context.download?.filename ?? '', error: event.output }) },
                { type: 'showDownloadError', params: ({ event }) => ({ message: downloadErrorOf(event.output, texts.downloadFailed) }) },
                'endDownload',
              ],
              description: 'rulings §9.7: the file could not be had: downloadFailed (or the server\'s "try again in a moment"), and logged (spec §8)',
            },
          ],
          onError: {
            target: 'idle',
            actions: [
              {
                type: 'logDownloadError',
                params: ({ context, event }) => ({ filename: context.download?.filename ?? '', error: event.error }),
              },
              { type: 'showDownloadError', params: { message: texts.downloadFailed } },
              // After the log, which names the file.
              'endDownload',
            ],
            description: 'rulings §9.7, REQ-ERR-20: no answer (network, timeout): downloadFailed, and logged (spec §8)',
          },
        },
        on: {
          'download.pdf': {
            description:
              'decision (docs/decisions.md, Balance and statement: Downloads): one download at a time, another link ' + 'while a file downloads is ignored',
          },
          'download.csv': {
            description:
              'decision (docs/decisions.md, Balance and statement: Downloads): one download at a time, another link ' + 'while a file downloads is ignored',
          },
        },
      },
    },
  })
