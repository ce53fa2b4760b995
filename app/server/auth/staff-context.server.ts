import { createContext } from "react-router";
import type { SignedInStaff } from "./session.server";

/** The staff member signed in for this request (role known), set by the staff guard. */
export const staffContext = createContext<SignedInStaff>();
