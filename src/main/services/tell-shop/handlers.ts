import type { HandlersFor } from '../../../shared/ipc/define'
import type { tellShopChannels } from '../../../shared/ipc/tell-shop'
import type { createTellShop } from './tell-shop'

/** The `payments.tellShop` IPC handler: thin, the rules live in tell-shop.ts. */
export function createTellShopHandlers(
  tellShop: ReturnType<typeof createTellShop>,
): HandlersFor<typeof tellShopChannels> {
  return {
    'payments.tellShop': (input) => tellShop(input),
  }
}
