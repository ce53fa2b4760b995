import { page as autoRepair } from "./auto-repair";
import { page as carDealerships } from "./car-dealerships";
import { page as carWash } from "./car-wash";
import { page as departmentStores } from "./department-stores";
import { page as farms } from "./farms";
import { page as groceryStores } from "./grocery-stores";
import { page as hospitals } from "./hospitals";
import { page as industrialBuildings } from "./industrial-buildings";
import { page as logistics } from "./logistics";
import { page as medicalOffices } from "./medical-offices";
import { page as movieTheaters } from "./movie-theaters";
import { page as rvParks } from "./rv-parks";
import { page as seniorHousing } from "./senior-housing";
import { page as smallManufacturing } from "./small-manufacturing";
import { page as storageUnits } from "./storage-units";
import type { IndustryPageContent } from "./types";
import { page as veterinaryOffices } from "./veterinary-offices";
import { page as weddingVenues } from "./wedding-venues";
import { page as winery } from "./winery";

export const industryPages: Readonly<Record<string, IndustryPageContent>> = Object.fromEntries(
  [
    farms,
    carDealerships,
    autoRepair,
    medicalOffices,
    smallManufacturing,
    industrialBuildings,
    logistics,
    rvParks,
    groceryStores,
    departmentStores,
    storageUnits,
    hospitals,
    carWash,
    winery,
    seniorHousing,
    movieTheaters,
    weddingVenues,
    veterinaryOffices,
  ].map((page) => [page.slug, page]),
);
