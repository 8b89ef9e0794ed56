import type { StoreApi } from 'zustand/vanilla'

/** What a store's action functions share at the least: the store's set and get, and its IPC port. */
export interface StoreContext<State, Port> {
  set: StoreApi<State>['setState']
  get: StoreApi<State>['getState']
  port: Port
}
