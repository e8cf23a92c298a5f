/** The product's name, used in texts the server sends (SMS) and pages the web renders. */
export const BRAND_NAME = "Glow At Home";
