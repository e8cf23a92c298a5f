import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
export const Route = createFileRoute("/")({ component: Home });
function Home() { const [n, setN] = useState(0); return <button onClick={() => setN(n + 1)}>count {n}</button>; }
