/** The cart's placeholder while the browser reads a cart the server render did not. */
export function CartSkeleton() {
  return (
    <div className="cart-layout" aria-label="Loading your cart">
      <div className="cart-items">
        {[0, 1].map((i) => (
          <div key={i} className="cart-item" aria-hidden="true">
            <span className="skeleton cart-thumb" />
            <div style={{ flex: 1 }}>
              <span className="skeleton" style={{ display: "block", height: 18, width: "50%" }} />
              <span className="skeleton" style={{ display: "block", height: 14, width: "70%", marginTop: 12 }} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
