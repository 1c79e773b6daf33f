import { useEffect, useId, useState } from 'react'
import { profile as texts } from '../../../machines/messages'
import { photoMachine } from '../../../machines/photo/photo.machine'
import { photoScreen } from '../../../machines/photo/photo.screen'
import { Banner, Spinner } from '../../ui/Feedback'
import { card } from '../../ui/controls.css'
import * as ui from '../../ui/ui.css'
import { usePageTitle } from '../../ui/usePageTitle'
import * as css from '../profile/profile.css'
import * as photo from './photo.css'
import { useFlow } from '../useFlow'
import { uploadPhoto } from './actors'

/** An object URL of the chosen file for the preview, revoked when the file changes or the page leaves. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) return
    const objectUrl = URL.createObjectURL(file)
    setUrl(objectUrl)
    return () => {
      URL.revokeObjectURL(objectUrl)
      setUrl(null)
    }
  }, [file])
  return url
}

/** spec §2 /app/update-picture: the file chooser, a preview, the button. */
export function PhotoPage() {
  usePageTitle(texts.pictureTitle)
  const [screen, send] = useFlow(photoMachine, { screen: photoScreen, actors: { uploadPhoto } })
  const [file, setFile] = useState<File | null>(null)
  const preview = usePreviewUrl(file)
  const id = useId()
  const errorId = `${id}-error`
  const labelId = `${id}-label`
  const fileNameId = `${id}-file`

  return (
    <>
      <h1>{texts.pictureTitle}</h1>
      <section className={card} aria-label={texts.pictureTitle}>
        <form
          noValidate
          aria-busy={screen.busy}
          onSubmit={(e) => {
            e.preventDefault()
            send({ type: 'photo.submit' })
          }}
        >
          <div className={ui.field}>
            <label id={labelId} htmlFor={id} className={ui.label}>
              {texts.photoLabel}
            </label>
            <div className={photo.chooserRow}>
              <input
                id={id}
                type="file"
                name="photo"
                accept="image/jpeg,image/png,image/webp"
                className={photo.fileInput}
                aria-labelledby={labelId}
                aria-invalid={screen.fieldError ? true : undefined}
                aria-describedby={[screen.fieldError && errorId, fileNameId].filter(Boolean).join(' ')}
                onChange={(e) => {
                  const chosen = e.target.files?.[0] ?? null
                  setFile(chosen)
                  send({ type: 'file.choose', file: chosen })
                }}
              />
              {/* The browser's own button speaks its language: this French one, a label of the input, opens the chooser. */}
              <label htmlFor={id} className={photo.chooser}>
                {texts.choosePhoto}
              </label>
              <span id={fileNameId} className={photo.fileName}>
                {screen.fileName ?? texts.noPhotoChosen}
              </span>
            </div>
            {screen.fieldError && (
              <span id={errorId} className={ui.fieldError}>
                {screen.fieldError}
              </span>
            )}
          </div>
          {preview && <img className={css.preview} src={preview} alt={texts.previewAlt} />}
          <button type="submit" className={ui.button} aria-disabled={screen.busy}>
            {screen.busy && <Spinner />}
            {texts.submit}
          </button>
        </form>
      </section>
      <div aria-live="polite">{screen.error && <Banner kind="error">{screen.error}</Banner>}</div>
    </>
  )
}
