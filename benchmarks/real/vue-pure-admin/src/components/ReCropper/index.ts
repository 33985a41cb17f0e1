import reCropper from "./src";
import { withInstall } from "@pureadmin/utils";

/** 图片裁剪组件 */
export const ReCropper = withInstall(reCropper);

export default ReCropper;
