/** The API's shapes as the browser reads them: one definition with the server, in the domain. */
export type {
  ApiContact,
  ApiLoginAnswer,
  ApiMeAnswer,
  ApiProduct,
  ApiProductDetails,
  ApiRegisterAnswer,
  ApiSocialLoginAnswer,
  ApiStoreInfo as StoreInfo,
  ApiTopping,
  ApiUser,
} from '../../domain';
