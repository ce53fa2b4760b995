import { enhancePage } from "./index";

enhancePage();
