// What the catering page's island reads of GET /api/catering (and the page gives it first, from content/).
import type { CateringTerm } from "../../domain/catering";

export interface MenuTray {
  slug: string;
  name: string;
  description: string;
  serves: number;
  priceCents: number;
}

export interface CateringMenu {
  enabled: boolean;
  rules: { minPeople: number; minCents: number; noticeHours: number; smallNoticeHours: number; smallMaxPeople: number };
  terms: CateringTerm[];
  trays: MenuTray[];
}
