// The square room's door: what other rooms, the top of src/server and the functions use of it.
export { ASSOCIATION_MAX_LENGTH, domainAssociation, isRegistrableHostname, registerApplePayDomain, registeredDomains, setDomainAssociation } from "./applePay";
export { syncCatalogue } from "./catalog";
export { type PaceShare, admitToSquare, giveBackToSquare } from "./checkoutPace";
export { SALES_PERIODS, type SalesPeriod, ordersPerHourSvg, salesCsv, salesFigures } from "./sales";
export { describeSquareError, squareStatus, testSquare } from "./status";
export { SIGNATURE_HEADER, lastVerifiedNotificationAt, receiveSquareNotification } from "./webhooks";
export { registerNotificationTypes, type NotificationType, type ReceiveOptions } from "./notifications";
export { objectOf, type SquareEvent } from "./squareEvent";
