import { redirect } from "react-router";

export function loader() {
  return redirect("/solar-calculator", 301);
}
