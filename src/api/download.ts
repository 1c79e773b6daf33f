import { api } from './client'

/**
 * Saves a file the server makes (a receipt, a statement) under the name it gives, through the
 * contract client so that the bearer token and the expiry rule apply as for any customer call.
 */
export async function saveReceipt(reference: string): Promise<void> {
  const { data, response } = await api.GET('/api/rest/customer/v1/transfer/receipt/{reference}', {
    params: { path: { reference } },
    parseAs: 'blob',
  })
  if (!data) throw new Error(`receipt not available (${response.status})`)
  saveBlob(data, fileNameOf(response) ?? `recu-${reference}.pdf`)
}

function fileNameOf(response: Response): string | null {
  const header = response.headers.get('content-disposition') ?? ''
  return /filename="?([^";]+)"?/.exec(header)?.[1] ?? null
}

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
