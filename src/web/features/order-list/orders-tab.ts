/** The query-string value of Order Management's Orders tab (`tab=orders`). */
export const ORDERS_TAB = 'orders'
