// The site's one icon set: Lucide's outlines (the `lucide` package), named here once for the .astro
// components (components/Icon.astro) and the React islands (islands/Icon.tsx), so every screen draws the
// same cart, person, phone and check.
export {
  ArrowLeft as BackIcon,
  TriangleAlert as AlertIcon,
  CalendarDays as ReserveIcon,
  CircleCheck as ConfirmedIcon,
  Menu as MenuIcon,
  Minus as MinusIcon,
  Pencil as EditIcon,
  Phone as PhoneIcon,
  Plus as PlusIcon,
  ShoppingBag as BagIcon,
  UserRound as PersonIcon,
  X as CloseIcon,
  type IconNode,
} from "lucide";
