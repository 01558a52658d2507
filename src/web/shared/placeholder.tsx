/** A screen that is not built yet, with the way to order meanwhile. */
export function Placeholder({ title }: { title: string }) {
  return (
    <section className="placeholder">
      <h1>{title}</h1>
      <p>This part of the store is on its way. In the meantime, call us to order.</p>
    </section>
  );
}
