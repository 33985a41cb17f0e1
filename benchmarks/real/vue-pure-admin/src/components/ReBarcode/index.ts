import { withInstall } from "@pureadmin/utils";
import reBarcode from "./src/index.vue";

/** 条形码组件 */
export const ReBarcode = withInstall(reBarcode);

export default ReBarcode;
