import { createContext } from "react-router";
import type { SignedInStaff } from "./session.server";

export const staffContext = createContext<SignedInStaff>();
