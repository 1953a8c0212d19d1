import { ORDER_PAGE_SIZE, type OrderListQuery } from '../../../domain/orders/order-list-query'
import type { AppDeps, Viewer } from '../../app-env'
import { listOrderFilterChoices, listOrders } from './repository'

/** One page of the viewer's company's orders, filtered, searched and sorted in the database. */
export async function getOrderPage({ db }: AppDeps, viewer: Viewer, query: OrderListQuery) {
  const { rows, total, totalIsCapped } = await listOrders(db, viewer.companyId, query, ORDER_PAGE_SIZE)
  return { orders: rows, total, totalIsCapped, page: query.page, pageSize: ORDER_PAGE_SIZE }
}

/** The Orders list's filter choices, from the viewer's company only. */
export function getOrderFilterChoices({ db }: AppDeps, viewer: Viewer) {
  return listOrderFilterChoices(db, viewer.companyId)
}
