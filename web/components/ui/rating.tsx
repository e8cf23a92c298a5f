import { StarIcon } from "./icons";

/**
 * A 1-5 rating as stars with its number: "4.6 ★★★★★ (15 reviews)". The picture is hidden from screen
 * readers, which get one sentence instead.
 */
export function Rating({ value, count, size = 15 }: { value: number; count?: number; size?: number }) {
  const rounded = Math.round(value * 2) / 2;
  const spoken =
    count === 0
      ? "No reviews yet"
      : `Rated ${value.toFixed(1)} out of 5${count !== undefined ? `, ${count} ${count === 1 ? "review" : "reviews"}` : ""}`;
  if (count === 0 || value <= 0) {
    return <span className="rating rating-none">{count === 0 ? "New: no reviews yet" : "No rating yet"}</span>;
  }
  return (
    <span className="rating">
      <span className="visually-hidden">{spoken}</span>
      <span className="rating-value" aria-hidden="true">
        {value.toFixed(1)}
      </span>
      <span className="rating-stars" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((i) => (
          <span key={i} className={`rating-star${rounded >= i ? " is-full" : rounded >= i - 0.5 ? " is-half" : ""}`}>
            <StarIcon size={size} />
          </span>
        ))}
      </span>
      {count !== undefined && (
        <span className="rating-count" aria-hidden="true">
          ({count})
        </span>
      )}
    </span>
  );
}
