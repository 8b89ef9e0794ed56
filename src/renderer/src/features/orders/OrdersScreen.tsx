export function OrdersScreen(): React.JSX.Element {
  return (
    <section className="screen" aria-labelledby="orders-title">
      <header className="screen-header">
        <h1 id="orders-title">Orders</h1>
      </header>
    </section>
  )
}
