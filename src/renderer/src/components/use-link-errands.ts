import { useState } from 'react'
import { useAppStore } from '../stores/window-stores'
import { errorMessage } from '../stores/error-view'

/**
 * Copy a text and open a link through main (the window may do neither itself), with one line of
 * feedback for the view to show: "Payment link copied." or why it failed.
 */
export function useLinkErrands(): {
  notice: string | null
  copy: (text: string, what: string) => Promise<void>
  open: (url: string) => Promise<void>
} {
  const [notice, setNotice] = useState<string | null>(null)
  const copyText = useAppStore((s) => s.copyText)
  const openExternal = useAppStore((s) => s.openExternal)
  async function copy(text: string, what: string): Promise<void> {
    try {
      await copyText(text)
      setNotice(`${what} copied.`)
    } catch (error) {
      setNotice(`Could not copy ${what.toLowerCase()}: ${errorMessage(error)}`)
    }
  }
  async function open(url: string): Promise<void> {
    try {
      await openExternal(url)
      setNotice(null)
    } catch (error) {
      setNotice(`Could not open the link: ${errorMessage(error)}`)
    }
  }
  return { notice, copy, open }
}
